import type { Machine } from '@water/contract/machines';
import { Drawer } from 'antd';
import type { ReactNode } from 'react';

interface MachineDrawerProps {
  /** The machine shown; the drawer is closed without one. */
  machine: Machine | undefined;
  onClose: () => void;
  /** Names the machine, e.g. "Status of SN-001". */
  title: string;
  /** Its width on a wide screen; a phone's screen at most. */
  width: number;
  children: ReactNode;
}

/** A drawer about one machine of the list, emptied when it closes so the next machine starts afresh. */
export function MachineDrawer({ machine, onClose, title, width, children }: MachineDrawerProps) {
  return (
    <Drawer
      open={machine !== undefined}
      onClose={onClose}
      title={title}
      size={`min(${width}px, 100vw)`}
      destroyOnHidden
    >
      {children}
    </Drawer>
  );
}
