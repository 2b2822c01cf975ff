import '@/locales/console/users-texts.ts';
import { GENDERS } from '@water/contract/users';
import { Radio, type RadioGroupProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The genders as the server stores them, shown in the user's language. */
export function GenderRadio(props: Omit<RadioGroupProps, 'options'>) {
  const { t } = useTranslation();
  return <Radio.Group {...props} options={GENDERS.map((value) => ({ value, label: t(`users.genders.${value}`) }))} />;
}
