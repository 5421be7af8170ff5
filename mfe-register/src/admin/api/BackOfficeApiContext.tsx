import { createContext, useContext, type ReactNode } from 'react';
import { createBackOfficeApi, type BackOfficeApi } from './backOfficeApi';

const BackOfficeApiContext = createContext<BackOfficeApi | null>(null);

/** Gives the screens their client (tests give one speaking to a fake gateway). */
export function BackOfficeApiProvider({ api, children }: { api?: BackOfficeApi; children: ReactNode }) {
  return <BackOfficeApiContext.Provider value={api ?? defaultApi()}>{children}</BackOfficeApiContext.Provider>;
}

let shared: BackOfficeApi | undefined;
const defaultApi = () => (shared ??= createBackOfficeApi());

export function useBackOfficeApi(): BackOfficeApi {
  return useContext(BackOfficeApiContext) ?? defaultApi();
}
