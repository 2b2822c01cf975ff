/** What the test server is started with, shared by the Playwright config and the journeys. */
/** E2E_PORT lets two runs share a machine. */
export const TEST_PORT = Number(process.env.E2E_PORT ?? 8123);
export const BASE_URL = `http://127.0.0.1:${TEST_PORT}`;
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-pass-2048';
/** Every captcha of the test server has this answer (CAPTCHA_TEST_ANSWER). */
export const CAPTCHA_ANSWER = '42';
/** The test server sends its mail here (SMTP_URL); journeys that need a mailed code listen on it. */
export const SMTP_PORT = TEST_PORT + 1;
