import { HomeOutlined, UserOutlined } from '@ant-design/icons';
import {
  Avatar,
  Breadcrumb,
  Button,
  Card,
  Col,
  Descriptions,
  Dropdown,
  Flex,
  Layout,
  Menu,
  Row,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import { startTransition, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ConsoleTheme } from './console-root.tsx';

/**
 * One of each antd component the first screen after sign-in shows (the layout, the sidebar's menu,
 * the top bar, the home page's cards), configured as that screen configures them. Nothing here is
 * ever shown: it only makes antd write those components' styles.
 */
function FirstScreenComponents() {
  return (
    <Layout hasSider>
      <Layout.Sider collapsible trigger={null}>
        <Menu
          mode="inline"
          theme="dark"
          items={[
            { key: 'home', icon: <HomeOutlined />, label: 'Home' },
            { key: 'group', icon: <HomeOutlined />, label: 'Group', children: [{ key: 'page', label: 'Page' }] },
          ]}
        />
      </Layout.Sider>
      <Layout>
        <Dropdown trigger={['click']} menu={{ items: [] }}>
          <Button type="text" icon={<HomeOutlined />} />
        </Dropdown>
        <Breadcrumb items={[{ key: 'home', title: 'Home' }]} />
        <Avatar size={30} icon={<UserOutlined />} />
        <Layout.Content>
          <Typography.Title level={2}>Home</Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={12} lg={6}>
              <Card loading>
                <Flex align="center" gap={16}>
                  <Statistic title="Figure" value={0} />
                </Flex>
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Flex vertical gap={16}>
                <Card title="Account">
                  <Descriptions column={{ xs: 1, md: 2 }} items={[{ key: 'name', label: 'Name', children: 'Name' }]} />
                </Card>
                <Card title="Operations">
                  <Skeleton active paragraph={{ rows: 3 }} />
                </Card>
              </Flex>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary">
            <Typography.Text>Text</Typography.Text>
          </Typography.Paragraph>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

let root: Root | undefined;
let written = false;

/** Notes that the components above have rendered, and so written their styles. */
function StylesWritten() {
  useLayoutEffect(() => {
    written = true;
  }, []);
  return null;
}

/**
 * antd writes a component's styles (CSS-in-JS) the first time one renders, which costs the first
 * screen after sign-in about as much again as drawing it. Called while the visitor signs in, this
 * renders that screen's components once, off the page and in the console's theme: their styles
 * are written then, and the first screen only finds them. In the background it renders in short
 * slices that leave the page responsive; 'now' finishes at once what is left. The components stay
 * mounted, off the page, so that antd keeps their styles cached.
 */
export function writeConsoleStyles(when: 'in the background' | 'now'): void {
  if (written) return;
  root ??= createRoot(document.createElement('div'));
  const target = root;
  const components = (
    <ConsoleTheme>
      <FirstScreenComponents />
      <StylesWritten />
    </ConsoleTheme>
  );
  if (when === 'now') flushSync(() => target.render(components));
  else startTransition(() => target.render(components));
}
