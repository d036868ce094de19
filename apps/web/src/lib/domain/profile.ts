import type { RouteResponse } from '@shop/shared/api/routes';

/** A profile as the API sends it (docs/behaviour.md §4.15). */
export type ProfileWire = RouteResponse<'GET /current-user'>;

/**
 * A profile as the web app reads it; each field's type comes from its wire field. The seven
 * saved fields are null until the first save.
 */
export interface Profile {
  email: ProfileWire['email'];
  name: ProfileWire['name'];
  imageUrl: ProfileWire['image'];
  phone: ProfileWire['phone'];
  address: ProfileWire['address'];
  study: ProfileWire['study'];
  facebookUrl: ProfileWire['fb'];
  instagramUrl: ProfileWire['insta'];
  linkedinUrl: ProfileWire['linkdin'];
  githubUrl: ProfileWire['github'];
}

export function toProfile(wire: ProfileWire): Profile {
  return {
    email: wire.email,
    name: wire.name,
    imageUrl: wire.image,
    phone: wire.phone,
    address: wire.address,
    study: wire.study,
    facebookUrl: wire.fb,
    instagramUrl: wire.insta,
    linkedinUrl: wire.linkdin,
    githubUrl: wire.github,
  };
}
