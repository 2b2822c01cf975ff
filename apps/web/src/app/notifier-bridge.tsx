import { App } from 'antd';
import { useEffect } from 'react';
import { bindNotifier } from '@/lib/notifier.ts';

/** Hands antd's context-aware notification and modal holders to the notifier, which lives outside React. */
export function NotifierBridge() {
  const { notification, modal } = App.useApp();
  useEffect(() => bindNotifier({ notification, modal }), [notification, modal]);
  return null;
}
