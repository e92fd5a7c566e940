import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';

// The demo workspace (DEMO_SEED=1 in playwright.config.ts): an admin promotes the editor while the
// editor's app is open, and the editor's access rules follow without a reload.
const DEMO_PASSWORD = 'demo-password';
const ADMIN = 'admin@demo.com';
const EDITOR = 'editor@demo.com';

let admin: APIRequestContext;
let adminToken: string;
let editorId: string;

const asAdmin = () => ({ authorization: `Bearer ${adminToken}` });

async function setEditorRole(role: 'admin' | 'editor') {
  const response = await admin.patch(`/api/members/${editorId}`, { headers: asAdmin(), data: { role } });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ member: { id: editorId, email: EDITOR, role } });
}

/** `userInfo.userRole` as the app stored it (localStorage with "Remember me", else sessionStorage). */
const storedRole = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('userInfo') ?? sessionStorage.getItem('userInfo');
    return raw ? (JSON.parse(raw) as { userRole?: string }).userRole : undefined;
  });

/** Client-side navigation, as a link would do it: the router hears the popstate, the page is not reloaded. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);

test.beforeAll(async ({ baseURL }) => {
  admin = await apiRequest.newContext({ baseURL });
  const login = await admin.post('/api/auth/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  adminToken = ((await login.json()) as { accessToken: string }).accessToken;
  expect(adminToken).toBeTruthy();
  const list = await admin.get('/api/members', { headers: asAdmin() });
  const { members } = (await list.json()) as { members: Array<{ id: string; email: string; role: string }> };
  editorId = members.find((m) => m.email === EDITOR)!.id;
  // A previous run that stopped half-way may have left the editor promoted.
  if (members.find((m) => m.email === EDITOR)!.role !== 'editor') await setEditorRole('editor');
});

test.afterAll(async () => {
  if (admin && editorId) await setEditorRole('editor');
  await admin?.dispose();
});

test('a promoted editor’s open app opens admin pages at once, without a reload', async ({ page }) => {
  // The socket sends ENTERED once it is connected (and so in the user's room): by polling or websocket.
  let markEntered: () => void = () => {};
  const entered = new Promise<void>((resolve) => (markEntered = resolve));
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/') && request.postData()?.includes('"ENTERED"')) markEntered();
  });
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('"ENTERED"')) markEntered();
    }),
  );

  // Sign in through the API in the page's context (the refresh cookie lands in the browser), then
  // load the app: it restores the session from the cookie.
  await page.goto('/pages/not-authorized');
  const login = await page.request.post('/api/auth/login', {
    data: { email: EDITOR, password: DEMO_PASSWORD, rememberMe: true },
  });
  expect(((await login.json()) as { userData: { userRole: string } }).userData.userRole).toBe('editor');

  await page.goto('/views/networks');
  await expect(page).toHaveURL(/\/pages\/not-authorized$/);
  await expect.poll(() => storedRole(page)).toBe('editor');
  await entered;

  // From here on the page must not reload: a reload would drop this marker.
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

  await setEditorRole('admin');
  await expect.poll(() => storedRole(page)).toBe('admin');

  await navigateInApp(page, '/views/networks');
  await expect(page).toHaveURL(/\/views\/networks$/);
  await expect(page.getByRole('heading', { name: 'Networks' })).toBeVisible();
  // The guard had its chance to send the user away again; they stay.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/views\/networks$/);
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);

  // And back: demoted again, the same open app refuses the admin page.
  await setEditorRole('editor');
  await expect.poll(() => storedRole(page)).toBe('editor');
  await navigateInApp(page, '/home');
  await navigateInApp(page, '/views/networks');
  await expect(page).toHaveURL(/\/pages\/not-authorized$/);
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
});
