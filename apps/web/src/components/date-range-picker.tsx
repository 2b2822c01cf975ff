import { DatePicker, type GetProps } from 'antd';
import styles from './date-range-picker.module.css';

type RangePickerProps = Omit<GetProps<typeof DatePicker.RangePicker>, 'classNames'>;

/**
 * antd's range of dates (or of dates and times) as the console shows it everywhere: on a phone,
 * whose screen is narrower than two months side by side, one month that steps either way.
 */
export function DateRangePicker(props: RangePickerProps) {
  return <DatePicker.RangePicker {...props} classNames={{ popup: { root: styles.fitsPhone } }} />;
}
