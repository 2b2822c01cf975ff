import { COMMAND_PARAMS, type CommandInput, type CommandParam } from '@water/contract/commands';
import { fieldRefusal, invalidFields } from '../../lib/http-errors.ts';

/** The parameters of a command as given, checked against what its type takes. */
export function checkedParams(input: CommandInput): Record<string, unknown> {
  const takes = COMMAND_PARAMS[input.type];
  const given = (input.params ?? {}) as Record<CommandParam, unknown>;
  const refusals = [
    ...takes
      .filter((name) => given[name] === undefined)
      .map((name) =>
        fieldRefusal(
          `params.${name}`,
          { key: 'errors.commands.paramRequired', values: { type: input.type } },
          'required',
        ),
      ),
    ...(Object.keys(given) as CommandParam[])
      .filter((name) => !takes.includes(name))
      .map((name) =>
        fieldRefusal(
          `params.${name}`,
          { key: 'errors.commands.paramNotTaken', values: { type: input.type } },
          'unknown',
        ),
      ),
  ];
  const [first, ...more] = refusals;
  if (first) throw invalidFields([first, ...more]);
  return Object.fromEntries(takes.map((name) => [name, given[name]]));
}
