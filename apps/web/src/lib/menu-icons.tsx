import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  BookOutlined,
  BugOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  CodeOutlined,
  ConsoleSqlOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FundOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MonitorOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TagOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icon names the server's menus use (the seed's, plus common ones of the original console)
 * mapped to antd icons. One registry, so a new name is added in one place. The seed names
 * icons of eladmin-web's set (`Steve-Jobs`, `sqlMonitor`, …); the console's earlier names for
 * the same menus (`job`, `sql`, …) stay, since databases seeded before keep them.
 */
const MENU_ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  dashboard: DashboardOutlined,
  system: SettingOutlined,
  peoples: TeamOutlined,
  people: TeamOutlined,
  user: UserOutlined,
  role: SafetyCertificateOutlined,
  permission: LockOutlined,
  menu: MenuOutlined,
  dept: ApartmentOutlined,
  job: SolutionOutlined,
  'Steve-Jobs': SolutionOutlined,
  dictionary: BookOutlined,
  monitor: MonitorOutlined,
  online: WifiOutlined,
  web: GlobalOutlined,
  log: FileTextOutlined,
  error: BugOutlined,
  server: CloudServerOutlined,
  sql: ConsoleSqlOutlined,
  sqlMonitor: ConsoleSqlOutlined,
  database: DatabaseOutlined,
  tools: ToolOutlined,
  tool: ToolOutlined,
  storage: FolderOpenOutlined,
  qiniu: FolderOpenOutlined,
  settings: ControlOutlined,
  system1: ControlOutlined,
  link: LinkOutlined,
  email: MailOutlined,
  timing: FieldTimeOutlined,
  codeConsole: CodeOutlined,
  dev: DeploymentUnitOutlined,
  deploy: CloudUploadOutlined,
  cluster: ClusterOutlined,
  chart: FundOutlined,
  edit: EditOutlined,
  order: ShoppingCartOutlined,
  shopping: ShopOutlined,
  zujian: AppstoreAddOutlined,
  international: EnvironmentOutlined,
  profile: IdcardOutlined,
  money: FundOutlined,
  alipay: WalletOutlined,
  message: AlertOutlined,
  list: FileTextOutlined,
  skill: SolutionOutlined,
  tab: TagOutlined,
};

/** Every icon name the registry knows, e.g. for an icon picker. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(MENU_ICONS).sort();

/** A neutral icon for names the registry does not know. */
export const DefaultMenuIcon = AppstoreOutlined;

export function menuIcon(name: string | null | undefined): ComponentType {
  return (name && Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name] : undefined) ?? DefaultMenuIcon;
}

export function isKnownMenuIcon(name: string): boolean {
  return Object.hasOwn(MENU_ICONS, name);
}

/** The icon a menu names, as an element. */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = menuIcon(name);
  return <Icon />;
}
