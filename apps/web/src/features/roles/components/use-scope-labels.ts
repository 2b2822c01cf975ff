import { useTranslation } from 'react-i18next';

/** The data scopes travel in Chinese (全部, 本级, 本级及以下, 自定义), as eladmin clients send them; shown in the user's language. */
export function useScopeLabels(): (scope: string) => string {
  const { t } = useTranslation();
  return (scope) => t(`roles.scopes.${scope}`, { defaultValue: scope });
}
