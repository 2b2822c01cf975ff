import '@/locales/console/users-texts.ts';
import { GENDERS, type Gender } from '@water/contract/users';
import { Radio, type RadioGroupProps } from 'antd';
import { useTranslation } from 'react-i18next';

const LABEL_KEYS = { 男: 'users.male', 女: 'users.female' } as const satisfies Record<Gender, string>;

/** A stored gender in the user's language; any other text as stored. */
export function useGenderLabel(): (gender: string) => string {
  const { t } = useTranslation();
  return (gender) => (gender in LABEL_KEYS ? t(LABEL_KEYS[gender as Gender]) : gender);
}

/** The genders as the server stores them, shown in the user's language. */
export function GenderRadio(props: Omit<RadioGroupProps, 'options'>) {
  const { t } = useTranslation();
  return <Radio.Group {...props} options={GENDERS.map((value) => ({ value, label: t(LABEL_KEYS[value]) }))} />;
}
