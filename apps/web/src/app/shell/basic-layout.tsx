import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame around console pages. */
export function BasicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar />
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
