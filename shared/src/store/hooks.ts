import { useDispatch, useSelector } from 'react-redux';
import type { SessionState } from '../session/session.slice';
import type { HostDispatch } from './host-store';

export type SharedState = { session: SessionState };

export const useAppDispatch = useDispatch.withTypes<HostDispatch>();
export const useSharedSelector = useSelector.withTypes<SharedState>();
