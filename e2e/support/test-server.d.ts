/** E2E_PORT lets two runs share a machine: worker n listens on E2E_PORT + 2n and catches mail on the port after. */
/** The key the test server takes payment channels' notifications with. */
export declare const PAYMENT_NOTIFY_KEY = "e2e-payment-channel-notify-key-0123456789";
export declare const FIRST_PORT: number;
/** E2E_WEB_DIST lets a run use its own copy of the build, so that a build started meanwhile does not pull it away. */
export declare const WEB_DIST: string;
export declare const ADMIN_USERNAME = "admin";
export declare const ADMIN_PASSWORD = "e2e-Admin-pass-2048";
/** Every captcha of the test server has this answer (CAPTCHA_TEST_ANSWER). */
export declare const CAPTCHA_ANSWER = "42";
export interface TestServer {
    baseURL: string;
    /** The server sends its mail here (SMTP_URL); journeys that need a mailed code listen on it. */
    smtpPort: number;
    stop(): Promise<void>;
}
/**
 * Starts the API server, serving the built console, on a fresh embedded database of its own; its
 * output goes to `logFile`. `stop` ends it gracefully and removes the database.
 */
export declare function startTestServer(port: number, logFile: string): Promise<TestServer>;
