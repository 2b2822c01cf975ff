import type { DataScope } from '@water/contract/roles';
import { useTranslation } from 'react-i18next';

/** The data scopes travel in Chinese (全部, 本级, 本级及以下, 自定义), as eladmin clients send them; shown in the user's language. */
export function useScopeLabels(): (scope: string) => string {
  const { t } = useTranslation();
  const labels: Record<DataScope, string> = {
    全部: t('roles.scopeAll'),
    本级: t('roles.scopeOwn'),
    本级及以下: t('roles.scopeSubtree'),
    自定义: t('roles.scopeCustom'),
  };
  return (scope) => labels[scope as DataScope] ?? scope;
}
