import { LogList } from '../components/log-list.tsx';

/** `monitor/log/index`: every write made in the console, who made it, from where and how long it took. */
export function OperationLogPage() {
  return <LogList kind="info" />;
}
