// The part of echarts the sites map draws with, in its own chunk: loaded only when the map shows.
import { ScatterChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([ScatterChart, GridComponent, TooltipComponent, SVGRenderer]);

export { init };
