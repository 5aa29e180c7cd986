import { college } from '../../content/college';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';

export function NotFoundPage() {
  usePageMeta(college.pages.notFound);
  const { notFound } = college;
  return (
    <div className="section container message-page">
      <h1>{notFound.heading}</h1>
      <p className="lead">{notFound.text}</p>
      <AppLink href={notFound.action.href} className="button">
        {notFound.action.label}
      </AppLink>
    </div>
  );
}
