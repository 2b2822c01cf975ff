import Type, { type Static } from 'typebox';
import { GLOBAL_SETTING_QUERY } from './constants.ts';

/** Public content of the publicity page. */
export const Publicity = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  body: Type.Optional(Type.String({ maxLength: 20000 })),
  contact: Type.Optional(Type.String({ maxLength: 500 })),
});
export type Publicity = Static<typeof Publicity>;

/** What `api/global/setting` holds for one side: every field optional, `{}` when nothing is set. */
export const GlobalSettings = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    footerTxt: Type.Optional(Type.String({ maxLength: 500 })),
    caseNumber: Type.Optional(Type.String({ maxLength: 100 })),
    publicity: Type.Optional(Publicity),
  },
  { additionalProperties: false },
);
export type GlobalSettings = Static<typeof GlobalSettings>;

export const GlobalSettingsQuery = Type.Object({
  sideCode: Type.String({ minLength: 1, maxLength: 32, default: GLOBAL_SETTING_QUERY.sideCode }),
  fromType: Type.String({ minLength: 1, maxLength: 32, default: GLOBAL_SETTING_QUERY.fromType }),
});
