import { createContext, useContext } from 'react';

/** The parameters of the console screen's path pattern (`agents/:id` gives `{ id }`). */
export type ConsoleParams = Readonly<Record<string, string | undefined>>;

export const ConsoleParamsContext = createContext<ConsoleParams>({});

/** The current console screen's path parameters, decoded. */
export function useConsoleParams(): ConsoleParams {
  return useContext(ConsoleParamsContext);
}
