import { ConfigProvider, Flex } from 'antd';
import type { ReactNode } from 'react';

/** A page outside the console shell: content centred on the plain background, at antd's default size. */
export function PlainPage({ children }: { children: ReactNode }) {
  return (
    // The console's size setting (small by default) is for its dense pages, not these.
    <ConfigProvider componentSize="middle">
      <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
        {children}
      </Flex>
    </ConfigProvider>
  );
}
