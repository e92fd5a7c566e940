import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { submitLogin } from './support/auth';
import { twoColourPng } from './support/png';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';

const USER_SETTINGS = '/pages/user-settings/UserSettings';

test.use({ viewport: { width: 1440, height: 900 } });

/** A fresh admin of a new workspace, signed in in this page (tests change passwords and 2FA). */
const freshUser = (page: Page, name: string) => signUpFresh(page, name);

/** The page fits the window: no page scrollbar (spec §2), its panel scrolls instead. */
async function pageDoesNotScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('an uploaded avatar, cropped square, shows in the navbar at once', async ({ page }) => {
  await freshUser(page, 'Avatar Person');
  await page.goto(`${USER_SETTINGS}?section=avatar`);
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await expect(menuButton.locator('img')).toHaveCount(0);

  await page.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: twoColourPng(320, 200, [240, 160, 13], [30, 30, 30]),
  });
  const cropper = page.getByRole('dialog', { name: 'Crop your avatar' });
  await expect(cropper.getByTestId('image-cropper').locator('img')).toBeVisible();
  await shot(page, 'avatar-crop');
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/account/avatar') && r.request().method() === 'PUT');
  await cropper.getByRole('button', { name: 'Crop and upload' }).click();
  expect((await upload).status()).toBe(200);
  await expect(page.getByText('Avatar updated')).toBeVisible();

  // The navbar's avatar is the stored picture, and it loads: a 256×256 square.
  const navbarImage = menuButton.locator('img');
  await expect(navbarImage).toHaveAttribute('src', /\/api\/avatars\//);
  await expect.poll(() => navbarImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  expect(await navbarImage.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(256);

  // It stays after a reload (the stored user info and the server agree).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute(
    'src',
    /\/api\/avatars\//,
  );
});

test('two-factor: set up with a QR code and a code, recovery codes once, then sign in with a code', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await freshUser(page, 'Two Factor');
  await page.goto(`${USER_SETTINGS}?section=two-factor`);
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await page.getByLabel(/^Current password/).fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').locator('pre').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await shot(page, 'two-factor-setup');
  // A wrong code first: refused on the field.
  await page.getByRole('textbox', { name: /6-digit code/ }).fill('000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByText(/The code is not correct/)).toBeVisible();
  await page.getByRole('textbox', { name: /6-digit code/ }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();

  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  await shot(page, 'two-factor-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  // Another browser signs in: the password, then a code from the app (the next step's: the
  // one used to turn it on is spent; the server accepts a step either side).
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto(`/pages/login?to=${encodeURIComponent(USER_SETTINGS)}`);
  await submitLogin(second, user.email, user.password);
  await expect(second.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await shot(second, 'two-factor-login');
  await second.getByRole('textbox', { name: /6-digit code/ }).fill('123');
  await second.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(second.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await second
    .getByRole('textbox', { name: /6-digit code/ })
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await second.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(second).toHaveURL(new RegExp(USER_SETTINGS));
  await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await other.close();

  // A third sign-in with a recovery code; it works once.
  const third = await browser.newContext({ baseURL });
  const thirdPage = await third.newPage();
  await thirdPage.goto('/pages/login');
  await submitLogin(thirdPage, user.email, user.password);
  await thirdPage.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await thirdPage.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
  await thirdPage.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(thirdPage).not.toHaveURL(/\/pages\/login/);
  await third.close();

  await page.reload();
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
});

test('changing the password signs the other browser out, and says so', async ({ page, browser, baseURL }) => {
  const user = await freshUser(page, 'Password Changer');
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto('/pages/login');
  await submitLogin(second, user.email, user.password);
  await expect(second).not.toHaveURL(/\/pages\/login/);

  await page.goto(`${USER_SETTINGS}?section=sessions`);
  await expect(page.getByTestId('account-session')).toHaveCount(2);
  await expect(page.getByTestId('account-session').first()).toContainText('This browser');

  await page.goto(`${USER_SETTINGS}?section=password`);
  await expect(page.getByText(/signs you out everywhere else/)).toBeVisible();
  await page.getByLabel(/^Current password/).fill(user.password);
  await page.getByLabel(/^New password/).fill('a-new-password-2');
  await page.getByLabel(/^Confirm new password/).fill('a-new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();

  // The other browser's session is gone: its next page load lands on the login page.
  await second.goto(USER_SETTINGS);
  await expect(second).toHaveURL(/\/pages\/login/);
  await other.close();

  // This one stays signed in, and lists only itself.
  await page.goto(`${USER_SETTINGS}?section=sessions`);
  await expect(page.getByTestId('account-session')).toHaveCount(1);
});

test('an e-mail change waits for its link: the new address is shown as pending', async ({ page }) => {
  const user = await freshUser(page, 'Mail Mover');
  const next = user.email.replace('@', '-new@');
  await page.goto(`${USER_SETTINGS}?section=email`);
  await expect(page.getByTestId('current-email')).toHaveText(user.email);
  await page.getByRole('textbox', { name: /New address/ }).fill(next);
  await page.getByLabel(/^Current password/).fill(user.password);
  await page.getByRole('button', { name: 'Send verification link' }).click();
  await expect(page.getByText(`A verification link is on its way to ${next}`)).toBeVisible();
  await expect(page.getByText(`We sent a link to ${next}.`, { exact: false })).toBeVisible();
  // Nothing changed yet.
  await expect(page.getByTestId('current-email')).toHaveText(user.email);
});

test('the e-mail verification page says when a link is used or unknown', async ({ page }) => {
  await page.goto('/pages/verify-email?token=not-a-real-token-0123456789');
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This verification link is invalid, used or expired.');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'verify-email');
});

test('both settings pages fit the window; their panels scroll, never the page', async ({ page }) => {
  await freshUser(page, 'Layout Person');
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`${USER_SETTINGS}?section=profile`);
    await expect(page.getByRole('button', { name: 'Save profile' })).toBeAttached();
    await pageDoesNotScroll(page);
    // The profile is longer than the window: its panel scrolls to the save button.
    const save = page.getByRole('button', { name: 'Save profile' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await pageDoesNotScroll(page);

    await page.goto('/profile-settings');
    await expect(page.getByRole('textbox', { name: /Workspace name/ })).toBeVisible();
    await pageDoesNotScroll(page);
    await shot(page, `profile-settings-${size.width}`);
  }
});

test('deleting the workspace asks for its exact name and the password, then signs out for good', async ({ page }) => {
  const user = await freshUser(page, 'Leaving Soon');
  await page.goto('/profile-settings?section=danger');
  await page.getByRole('button', { name: 'Delete workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Leaving Soon?' });
  const confirm = dialog.getByRole('button', { name: 'Delete the workspace and everything in it' });
  await dialog.getByRole('textbox', { name: /Type Leaving Soon to confirm/ }).fill('Leaving soon');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Type Leaving Soon to confirm/ }).fill('Leaving Soon');
  await dialog.getByLabel(/^Current password/).fill('not-the-password');
  await confirm.click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await dialog.getByLabel(/^Current password/).fill(user.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/pages\/login/);

  // The account went with the workspace.
  const login = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(await login.json()).not.toHaveProperty('userData');
});

test('the workspace profile: time zone from the IANA list, saved; the opt-out texts link', async ({ page }) => {
  await freshUser(page, 'Workspace Owner');
  await page.goto('/profile-settings');
  await page.getByRole('textbox', { name: /Company/ }).fill('Acme Messaging Ltd');
  const zone = page.getByRole('textbox', { name: /Time zone/ });
  await zone.click();
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await page.getByRole('button', { name: 'Save workspace' }).click();
  await expect(page.getByText('Workspace saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Time zone/ })).toHaveValue('Asia/Tokyo');
  await expect(page.getByRole('textbox', { name: /Company/ })).toHaveValue('Acme Messaging Ltd');

  await page.getByRole('tab', { name: 'Opt-out texts' }).click();
  await page.getByRole('link', { name: 'Edit the opt-out texts' }).click();
  await expect(page).toHaveURL(/\/views\/conversations\?compliance=1/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('Arabic: the settings read right to left', async ({ page }) => {
  await freshUser(page, 'Arabic Reader');
  await page.goto(`${USER_SETTINGS}?section=preferences`);
  await page.getByRole('radio', { name: 'العربية' }).check();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('tab', { name: 'الملف الشخصي' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'اللغة والمظهر' })).toBeVisible();
  // The side list is on the right in Arabic.
  const list = await page.getByRole('tablist').boundingBox();
  const panel = await page.getByRole('tabpanel').boundingBox();
  expect(list!.x).toBeGreaterThan(panel!.x);
  await pageDoesNotScroll(page);
  await shot(page, 'user-settings-ar');
  await page.goto('/profile-settings');
  await expect(page.getByRole('tab', { name: 'منطقة الخطر' })).toBeVisible();
  await shot(page, 'profile-settings-ar');
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious on the settings pages (${theme})`, async ({ browser, baseURL }) => {
    // Eleven sections, each loaded, scanned and shot: 38–51 s on a 2-core AMD EPYC, over 60 s
    // once on a busy one, so three times that, as the other many-page axe tests have.
    test.setTimeout(180_000);
    const { context, page, problems } = await themedPage(browser, baseURL, theme);
    await signUpFresh(page, `Axe ${theme}`);
    for (const section of ['profile', 'avatar', 'email', 'password', 'preferences', 'sessions', 'two-factor']) {
      await page.goto(`${USER_SETTINGS}?section=${section}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
      expect(await blockingViolations(page), section).toEqual([]);
      await shot(page, `user-settings-${section}-${theme}`);
    }
    for (const section of ['workspace', 'logo', 'opt-out', 'danger']) {
      await page.goto(`/profile-settings?section=${section}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      expect(await blockingViolations(page), section).toEqual([]);
      await shot(page, `profile-settings-${section}-${theme}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
