import { inCity } from '@domain';
import type { Faq, Post } from './content';
import type { Crumb } from './ui';

/** Schema.org data for rich results (JSON-LD). */

export function organizationJsonLd(publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AccountingService',
    name: 'Contábil',
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    description: 'Contabilidade online para MEI, microempresas e empresas de pequeno porte.',
    areaServed: { '@type': 'Country', name: 'Brasil' },
    priceRange: 'R$ 89 – R$ 449 por mês',
  };
}

export function faqJsonLd(faq: Faq) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function breadcrumbJsonLd(publicUrl: string, items: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${publicUrl}${item.path}`,
    })),
  };
}

export function articleJsonLd(publicUrl: string, post: Post) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { '@type': post.author === 'Equipe Contábil' ? 'Organization' : 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: 'Contábil', logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` } },
    mainEntityOfPage: `${publicUrl}/blog/posts/${post.slug}`,
    inLanguage: 'pt-BR',
    keywords: post.tags.map((tag) => tag.label).join(', '),
  };
}

export function localServiceJsonLd(publicUrl: string, path: string, city: { ibgeCode: string; name: string; state: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AccountingService',
    name: `Contábil — contabilidade online ${inCity(city, `${city.name} (${city.state})`)}`,
    url: `${publicUrl}${path}`,
    areaServed: { '@type': 'City', name: city.name, containedInPlace: { '@type': 'State', name: city.state } },
  };
}
