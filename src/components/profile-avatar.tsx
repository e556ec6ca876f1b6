// ProfileAvatar: a household profile's picture, or its initial on a tinted disc; decorative
// (the profile's name is always written next to it).
import { initialOf, profileImageUrl } from '@domain/profiles';

export interface ProfileAvatarProps {
  name: string;
  image: string | null;
  size?: 'sm' | 'lg';
}

export function ProfileAvatar({ name, image, size = 'sm' }: ProfileAvatarProps) {
  return (
    <span className={`profile-avatar profile-avatar--${size}`} aria-hidden="true">
      {image ? <img className="profile-avatar__image" src={profileImageUrl(image)} alt="" /> : <span className="profile-avatar__initial">{initialOf(name)}</span>}
    </span>
  );
}
