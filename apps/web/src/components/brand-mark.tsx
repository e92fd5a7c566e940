/** The Switchboard mark (as the favicon): a white speech bubble on an orange rounded square. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#f0a00d" />
      <path d="M8 11h16v9H14l-4 4v-4H8z" fill="#fff" />
    </svg>
  );
}
