import { LogList } from '../components/log-list.tsx';

/** `monitor/log/errorLog`: the operations that failed, each with what went wrong in a drawer. */
export function ErrorLogPage() {
  return <LogList kind="error" />;
}
