import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Pagination,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleTheme } from './console-root.tsx';

/**
 * One of each antd component the console's list pages are made of (filters, a table with its
 * pager, tags, switches, tabs, notices), as they configure them. Nothing here is ever shown: it
 * only makes antd write those components' styles, and has their code loaded.
 */
function ListPageComponents() {
  return (
    <Card variant="borderless">
      <Tabs items={[{ key: 'list', label: 'List' }]} />
      <Form layout="inline">
        <Form.Item name="text" label="Text">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="choice" label="Choice">
          <Select allowClear options={[{ value: 1, label: 'One' }]} />
        </Form.Item>
        <Form.Item name="days" label="Days">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="number" label="Number">
          <InputNumber />
        </Form.Item>
        <Space>
          <Button type="primary">Search</Button>
          <Button>Reset</Button>
        </Space>
      </Form>
      <Flex wrap gap={8}>
        <Segmented options={['One', 'Two']} />
        <Checkbox>Check</Checkbox>
        <Switch size="small" />
        <Tag color="success">Tag</Tag>
        <Badge status="processing" text="Badge" />
      </Flex>
      <Alert type="info" title="Notice" />
      <Table
        size="middle"
        rowKey="id"
        rowSelection={{ type: 'checkbox' }}
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name', sorter: true }]}
        dataSource={[{ id: 1, name: 'Row' }]}
        pagination={false}
      />
      <Pagination total={20} showSizeChanger showTotal={(total) => total} />
    </Card>
  );
}

let written = false;

/**
 * Renders the list pages' components once, off the page and in the console's theme, in short
 * slices that leave the page responsive: the first list page a visitor opens then finds their
 * styles written and their code loaded. They stay mounted, so that antd keeps the styles cached.
 */
export function writeListStyles(): void {
  if (written) return;
  written = true;
  const root = createRoot(document.createElement('div'));
  startTransition(() =>
    root.render(
      <ConsoleTheme>
        <ListPageComponents />
      </ConsoleTheme>,
    ),
  );
}
