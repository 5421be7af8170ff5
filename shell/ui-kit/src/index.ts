/**
 * @kermesse/ui-kit — the design system and helpers every Kermesse front end shares. Loaded once,
 * as a Module Federation singleton, together with its stylesheet.
 */
import './styles.css';

export { ApiError, NETWORK_ERROR_MESSAGE, createApiClient, saveFile } from './apiClient';
export type { ApiClient, ApiClientOptions, DownloadOptions, DownloadedFile, RequestOptions } from './apiClient';
export { releaseToken, requestToken } from './identityApi';
export type { Credentials } from './identityApi';
export { dateTimeFormat, formatAmount, formatDate, formatEuros, formatTime } from './format';
export type { Amount } from './format';
export { ROLES, SESSION_STORAGE_KEY, SessionProvider, decodeSession, useSession } from './session';
export type { Role, Session, SessionUser } from './session';
export { REGISTER_TOKEN_KEY, findRegisterToken, readRegisterToken } from './registerToken';
export type { RegisterToken, RegisterTokenSource } from './registerToken';
export { THEME_STORAGE_KEY, applyTheme, readTheme, useTheme } from './theme';
export { renderStandalone } from './standalone';
export { newIdempotencyKey } from './idempotencyKey';
export { browserStore } from './browserStore';
export type { BrowserStore } from './browserStore';
export { useResource } from './useResource';
export type { Resource, ResourceOptions } from './useResource';
export type { Theme } from './theme';
export { Banner } from './components/Banner';
export { Button, classNames } from './components/Button';
export type { ButtonProps, ButtonVariant } from './components/Button';
export { CredentialFields } from './components/CredentialFields';
export type { CredentialFieldsProps } from './components/CredentialFields';
export { ErrorLine } from './components/ErrorLine';
export { Field, TextInput } from './components/Field';
export { Modal } from './components/Modal';
export { CameraScanner, cameraScanAvailable } from './components/CameraScanner';
export type { CameraScannerProps } from './components/CameraScanner';
export { MoneyInput } from './components/MoneyInput';
export { RequireRole } from './components/RequireRole';
export type { RequireRoleProps } from './components/RequireRole';
export { Pagination, visiblePages } from './components/Pagination';
export type { PaginationProps } from './components/Pagination';
export type { ModalProps } from './components/Modal';
export { Spinner } from './components/Spinner';
