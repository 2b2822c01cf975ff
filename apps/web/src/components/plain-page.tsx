import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** A page outside the console shell: content centred on the plain background. */
export function PlainPage({ children }: { children: ReactNode }) {
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      {children}
    </Flex>
  );
}
