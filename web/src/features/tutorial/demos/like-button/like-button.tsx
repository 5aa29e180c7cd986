import { useState } from 'react';

export function LikeButton() {
  const [liked, setLiked] = useState(false);

  return (
    <button type="button" className="demo-button" aria-pressed={liked} onClick={() => setLiked(!liked)}>
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> Like
    </button>
  );
}
