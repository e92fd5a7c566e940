// Boundaries of the server (apps/server): see ARCHITECTURE.md "Server folders".
export default [
  {
    // A server module may use another module's service, never its repository.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/[^/]+\\.repository\\.js$',
              message: "Call the other module's service, not its repository.",
            },
          ],
        },
      ],
    },
  },
];
