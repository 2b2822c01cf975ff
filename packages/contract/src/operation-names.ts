/**
 * The name each write of the API is logged under (the operation log's description), by method
 * and route. Short and stable: the console shows each in its language, and the dashboard counts
 * sign-ins by theirs. Reads sent as POST (`…/superior`) are not operations and are not logged.
 */
export const OPERATION_NAMES: Readonly<Record<string, string>> = {
  'POST /auth/login': 'Sign in',
  'DELETE /auth/logout': 'Sign out',
  'POST /auth/resetPassword/code': 'Request a password reset code',
  'POST /auth/resetPassword': 'Reset a forgotten password',
  'DELETE /auth/online': 'Kick out users',
  'PUT /api/users/center': 'Edit own profile',
  'POST /api/users/updatePass': 'Change own password',
  'POST /api/users/updateAvatar': 'Change own avatar',
  'POST /api/code/email/resetEmail': 'Request an e-mail change code',
  'POST /api/users/updateEmail/:code': 'Change own e-mail',
  'POST /api/users': 'Create a user',
  'PUT /api/users': 'Edit a user',
  'DELETE /api/users': 'Delete users',
  'PUT /api/users/resetPwd': 'Reset passwords',
  'POST /api/roles': 'Create a role',
  'PUT /api/roles': 'Edit a role',
  'DELETE /api/roles': 'Delete roles',
  'PUT /api/roles/menu': 'Edit a role’s menus',
  'POST /api/menus': 'Create a menu',
  'PUT /api/menus': 'Edit a menu',
  'DELETE /api/menus': 'Delete menus',
  'POST /api/dept': 'Create a department',
  'PUT /api/dept': 'Edit a department',
  'DELETE /api/dept': 'Delete departments',
  'POST /api/job': 'Create a job',
  'PUT /api/job': 'Edit a job',
  'DELETE /api/job': 'Delete jobs',
  'POST /api/dict': 'Create a dictionary',
  'PUT /api/dict': 'Edit a dictionary',
  'DELETE /api/dict': 'Delete dictionaries',
  'POST /api/dictDetail': 'Create a dictionary entry',
  'PUT /api/dictDetail': 'Edit a dictionary entry',
  'DELETE /api/dictDetail/:id': 'Delete a dictionary entry',
  'DELETE /api/logs/del/info': 'Clear the operation log',
  'DELETE /api/logs/del/error': 'Clear the error log',
  'DELETE /api/monitor/sql': 'Reset the SQL figures',
  'PUT /api/global/setting': 'Edit the global settings',
  'POST /api/file/upload': 'Upload a file',
  'POST /api/localStorage': 'Upload a file',
  'POST /api/s3Storage': 'Upload a file',
  'POST /api/qiNiuContent': 'Upload a file',
  'POST /api/pictures': 'Upload an image',
  'POST /api/localStorage/pictures': 'Upload an image',
  'PUT /api/file': 'Rename a file',
  'PUT /api/localStorage': 'Rename a file',
  'PUT /api/s3Storage': 'Rename a file',
  'PUT /api/qiNiuContent': 'Rename a file',
  'DELETE /api/file': 'Delete files',
  'DELETE /api/localStorage': 'Delete files',
  'DELETE /api/s3Storage': 'Delete files',
  'DELETE /api/qiNiuContent': 'Delete files',
  'DELETE /api/qiNiuContent/:id': 'Delete files',
  'POST /api/deploy/upload': 'Upload a deployment package',
  'POST /api/database/upload': 'Upload a database script',
};

/** The logged name of a write: its operation name, or undefined for a route that has none. */
export function operationName(method: string, route: string | undefined): string | undefined {
  const key = `${method} ${route ?? ''}`;
  return Object.hasOwn(OPERATION_NAMES, key) ? OPERATION_NAMES[key] : undefined;
}
