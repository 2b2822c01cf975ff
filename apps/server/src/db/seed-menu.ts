/** A menu of a new installation, and the three buttons most pages have. */
export interface SeedMenu {
  title: string;
  type: 0 | 1 | 2;
  path?: string;
  component?: string;
  componentName?: string;
  icon?: string;
  permission?: string;
  cache?: boolean;
  /** Whether the User role may see it. */
  forUsers?: boolean;
  children?: SeedMenu[];
}

export const buttons = (noun: string, prefix: string): SeedMenu[] => [
  { title: `${noun}: add`, type: 2, permission: `${prefix}:add` },
  { title: `${noun}: edit`, type: 2, permission: `${prefix}:edit` },
  { title: `${noun}: delete`, type: 2, permission: `${prefix}:del` },
];
