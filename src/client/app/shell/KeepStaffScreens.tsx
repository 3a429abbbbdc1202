import { useEffect } from 'react';
import { useCurrentUser } from '../hooks/account';
import { keepStaffScreens } from '../pwa/staff-screens';

/** Renders nothing: on a seller's or an admin's phone, keeps their screens for use with no signal. */
export function KeepStaffScreens() {
  const role = useCurrentUser()?.role;
  const staff = role === 'seller' || role === 'admin';
  useEffect(() => (staff ? keepStaffScreens() : undefined), [staff]);
  return null;
}
