/**
 * What the signed-in user's role may do (issue #9): the app mirrors the server's rule, read from the
 * route table, so a button is shown only when its route would be allowed.
 */
import { canAccess, ROUTES, type RouteDef, type RouteName, type User } from '@cg/shared';
import { useAuth } from './auth';

export function can(user: Pick<User, 'role'> | null | undefined, name: RouteName): boolean {
  if (!user) return false;
  const access = (ROUTES[name] as RouteDef).access;
  if (!access || access === 'self') return true;
  return canAccess(user.role, access);
}

/** Whether the current user may call the route `name`. */
export function useCan(name: RouteName): boolean {
  return can(useAuth().user, name);
}
