import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EntitySelect } from '@/components/entity-select.tsx';
import { MACHINE_MODELS_WITH_CODE } from '@/components/machines/machine-entities.ts';

/** The fields of a machine's form after its codes, as the form holds them (blank text: none). */
export interface MachineFieldValues {
  modelId?: number;
  imei: string;
  iccid: string;
  warrantyEnd?: Dayjs | null;
}

export const blankToNull = (value: string) => value.trim() || null;

/**
 * A machine's model, modem and SIM numbers and warranty end, as registering and editing a machine
 * ask for them; the firmware too when registering (later the machine reports its own).
 */
export function MachineFields({ firmware = false }: { firmware?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="modelId"
        label={t('machines.model')}
        rules={[{ required: true, message: t('list.required', { field: t('machines.model') }) }]}
      >
        <EntitySelect entity={MACHINE_MODELS_WITH_CODE} />
      </Form.Item>
      <Form.Item name="imei" label="IMEI">
        <Input maxLength={15} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="iccid" label="ICCID">
        <Input maxLength={20} inputMode="numeric" />
      </Form.Item>
      {firmware && (
        <Form.Item name="firmware" label={t('machines.firmware')}>
          <Input maxLength={64} />
        </Form.Item>
      )}
      <Form.Item name="warrantyEnd" label={t('machines.warrantyEnd')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
