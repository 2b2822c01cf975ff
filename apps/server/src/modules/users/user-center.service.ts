import type { KeyObject } from 'node:crypto';
import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  EMAIL_CODE_TTL_MS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type UpdateEmailInput,
  type UpdatePassInput,
  type UserCenterInput,
} from '@water/contract/users';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { decryptLegacyPassword } from '../../domain/legacy-rsa.ts';
import type { Principal } from '../../domain/principal.ts';
import type { UserRow } from '../../domain/user-info.ts';
import type { VerifyCodes } from '../../domain/verify-codes.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { AVATAR_MIMES, extensionOf, uploadKind } from '../../lib/file-kinds.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { forbidden, invalidField, takenBy, unauthorized } from '../../lib/http-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { type Language, render } from '../../lib/texts.ts';
import { readUpload } from '../../lib/uploads.ts';
import { usersRepository as repo } from './users.repository.ts';

export interface UserCenterOptions {
  legacyKey: KeyObject | undefined;
  codes: VerifyCodes;
  /** Where avatars are stored. */
  avatars: FileStore;
}

export type UserCenterService = ReturnType<typeof createUserCenterService>;

const emailTaken = (email: string) => invalidField('email', takenBy('user', email), 'taken', { value: email });

/** The signed-in user's own account: profile, password, avatar and e-mail address. */
export function createUserCenterService(
  { db, clock, sessions, principals }: Pick<Deps, 'db' | 'clock' | 'sessions' | 'principals'>,
  { legacyKey, codes, avatars }: UserCenterOptions,
) {
  /** eladmin clients send passwords RSA-encrypted; others send them as typed. */
  const plain = (password: string) => (legacyKey && decryptLegacyPassword(legacyKey, password)) || password;

  async function signedInUser(principal: Principal): Promise<UserRow> {
    const user = await repo.byId(db, principal.id);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async updateProfile(principal: Principal, input: UserCenterInput): Promise<void> {
      if (input.id !== principal.id) throw forbidden({ key: 'errors.center.ownProfileOnly' });
      const user = await signedInUser(principal);
      await repo.set(db, [user.id], {
        nickName: input.nickName.trim(),
        ...(input.gender === undefined ? {} : { gender: input.gender }),
        ...(input.phone === undefined ? {} : { phone: input.phone }),
        updateBy: user.username,
        updateTime: clock.now(),
      });
    },

    /** Replaces the password (also a default one that had to be replaced) and ends the user's other sessions. */
    async updatePassword(principal: Principal, sessionId: string, input: UpdatePassInput): Promise<void> {
      const user = await signedInUser(principal);
      const oldPass = plain(input.oldPass);
      const newPass = plain(input.newPass);
      if (!(await verifyPassword(user.passwordHash, oldPass))) {
        throw invalidField('oldPass', { key: 'errors.center.currentPasswordWrong' });
      }
      if (newPass.length < PASSWORD_MIN_LENGTH || newPass.length > PASSWORD_MAX_LENGTH) {
        throw invalidField(
          'newPass',
          { key: 'errors.center.passwordLength', values: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } },
          'too_short',
          {
            limit: PASSWORD_MIN_LENGTH,
          },
        );
      }
      if (newPass === oldPass) throw invalidField('newPass', { key: 'errors.center.samePassword' });
      const now = clock.now();
      await repo.set(db, [user.id], {
        passwordHash: await hashPassword(newPass),
        mustChangePassword: false,
        pwdResetTime: now,
        updateBy: user.username,
        updateTime: now,
      });
      await sessions.revokeUser(user.id, sessionId);
      await principals.invalidate(user.id);
    },

    /** Mails a code to a new address, which no other user may have, in the language of the request. */
    async sendEmailCode(
      principal: Principal,
      email: string,
      language: Language,
      log: FastifyBaseLogger,
    ): Promise<void> {
      if (await repo.isTaken(db, 'email', email, principal.id)) throw emailTaken(email);
      await codes.send(
        {
          scene: 'email',
          email,
          subject: render(language, { key: 'mails.email.subject' }),
          text: (code) =>
            render(language, { key: 'mails.email.body', values: { code, minutes: EMAIL_CODE_TTL_MS / 60_000 } }),
        },
        log,
      );
    },

    async updateEmail(principal: Principal, code: string, input: UpdateEmailInput): Promise<void> {
      const user = await signedInUser(principal);
      if (!(await verifyPassword(user.passwordHash, plain(input.password)))) {
        throw invalidField('password', { key: 'errors.center.passwordWrong' });
      }
      await codes.consume('email', input.email, code);
      if (await repo.isTaken(db, 'email', input.email, user.id)) throw emailTaken(input.email);
      await repo
        .set(db, [user.id], { email: input.email, updateBy: user.username, updateTime: clock.now() })
        .catch((error) => {
          throw isUniqueViolation(error) ? emailTaken(input.email) : error;
        });
    },

    /** Stores an uploaded gif, jpeg or png (5 MB at most) as the user's avatar, and drops the previous one. */
    async uploadAvatar(principal: Principal, request: FastifyRequest): Promise<{ avatar: string }> {
      const { bytes, filename } = await readUpload(request, 'avatar', AVATAR_MAX_BYTES);
      const kind = await uploadKind(bytes, filename, 'avatar');
      // A cropped image arrives as a Blob named "blob": with no extension, the content alone decides.
      const extension = extensionOf(filename);
      if (extension && !(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
        throw invalidField(
          'avatar',
          { key: 'errors.center.avatarExtensions', values: { extensions: AVATAR_EXTENSIONS.join(', ') } },
          'format',
        );
      }
      if (!kind || !AVATAR_MIMES.includes(kind.mime)) {
        throw invalidField('avatar', { key: 'errors.center.avatarNotImage' }, 'format');
      }
      const user = await signedInUser(principal);
      const name = await avatars.save(bytes, kind.extension);
      try {
        await repo.set(db, [user.id], {
          avatarName: name,
          avatarPath: `/avatar/${name}`,
          updateBy: user.username,
          updateTime: clock.now(),
        });
      } catch (error) {
        await avatars.remove([name]);
        throw error;
      }
      await avatars.remove([user.avatarName]);
      return { avatar: name };
    },

    /** An avatar image, for `<img>` tags, which send no token: the random names are the protection. */
    sendAvatar(reply: FastifyReply, name: string): Promise<FastifyReply> {
      return avatars.send(reply, name, {
        cacheControl: 'public, max-age=31536000, immutable',
        missing: 'No such avatar',
      });
    },
  };
}
