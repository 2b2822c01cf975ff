import { Flex, Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { MENU_ICON_NAMES, MenuIcon } from '@/lib/menu-icons.tsx';

/** A menu icon from the shell's icon registry, each option showing the icon itself. */
export function IconSelect(props: Omit<SelectProps<string>, 'options'>) {
  const options = useMemo(() => {
    const names = [...MENU_ICON_NAMES];
    // A name the registry does not know (set through the API) stays visible instead of vanishing.
    if (props.value && !names.includes(props.value)) names.push(props.value);
    return names.map((name) => ({
      value: name,
      label: (
        <Flex gap={8} align="center">
          <MenuIcon name={name} />
          <span>{name}</span>
        </Flex>
      ),
    }));
  }, [props.value]);
  return <Select<string> showSearch={{ optionFilterProp: 'value' }} allowClear {...props} options={options} />;
}
