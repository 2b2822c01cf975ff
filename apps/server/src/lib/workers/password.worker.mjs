// Hashes and verifies passwords on a thread of its own, at the lowest priority: a burst of
// sign-ins takes the cores nobody else needs and never the one answering requests.
import { hashSync, verifySync } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { lowerThreadPriority } from './thread-priority.mjs';

lowerThreadPriority(19);

/**
 * @param {{ op: 'warm-up' }
 *   | { op: 'hash', password: string, options: object }
 *   | { op: 'verify-argon2' | 'verify-bcrypt', password: string, stored: string }} task
 * @returns {string | boolean}
 */
export default function run(task) {
  switch (task.op) {
    case 'warm-up':
      return true;
    case 'hash':
      return hashSync(task.password, task.options);
    case 'verify-argon2':
      try {
        return verifySync(task.stored, task.password);
      } catch {
        return false;
      }
    case 'verify-bcrypt':
      return bcrypt.compareSync(task.password, task.stored);
    default:
      throw new Error('unknown task');
  }
}
