import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';

export function AboutPage() {
  usePageMeta(college.pages.about);
  const { about } = college;
  return (
    <div className="section container">
      <h1>{about.heading}</h1>
      <p className="lead">{about.intro}</p>
      <ul className="card-grid selling-points">
        {about.sellingPoints.map((point) => (
          <li key={point.id} id={point.id} className="card selling-point">
            <h2 className="selling-point__title">{point.title}</h2>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
      <div className="closing">
        <p className="closing__text">{about.closing}</p>
        <AppLink href={about.closingAction.href} className="button">
          {about.closingAction.label}
        </AppLink>
      </div>
    </div>
  );
}
