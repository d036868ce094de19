import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toolCategoryLabels, type ToolCategory } from '@shop/shared/categories';
import { copy } from '@shop/shared/copy';
import { paths } from '@/config/paths';

const lines: { category: ToolCategory; text: string; icon: ReactNode }[] = [
  {
    category: 'home',
    text: 'Rollers, trays and angled brushes sized for living rooms and weekend projects: easy to clean and built to last many coats.',
    icon: (
      <path d="M4 5h12a2 2 0 0 1 2 2v1a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm14 2h2v6h-8v3m-1 0h2v6h-2z" />
    ),
  },
  {
    category: 'professional',
    text: 'Contractor-grade brushes, extension poles and spray tips for crews who paint every day and need the same result on every wall.',
    icon: <path d="M14 3l7 7-9 9H5v-7zM9 8l7 7M3 21l3-3" />,
  },
  {
    category: 'student',
    text: 'Affordable brush sets, palettes and canvas boards for art schools and classrooms, packed in class-sized bundles.',
    icon: (
      <path d="M12 3a9 9 0 1 0 0 18c1.1 0 2-.9 2-2 0-1.5 1-2 2-2h2a3 3 0 0 0 3-3c0-6-5-11-9-11zM7.5 11.5h.01M11 7.5h.01M15.5 8.5h.01" />
    ),
  },
];

/** 'What we Menufectures': our three product lines, each leading to its tools (docs/behaviour.md §3.2). */
export function WhatWeMake() {
  return (
    <section aria-labelledby="what-we-make-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="what-we-make-heading" className="text-primary mb-10 text-center text-3xl font-bold">
        {copy.homeWhatWeMake}
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {lines.map((line) => (
          <li
            key={line.category}
            className="card bg-base-100 border-base-300 hover:border-primary relative border shadow-sm"
          >
            <div className="card-body items-center text-center">
              <span className="bg-primary text-primary-content mb-2 flex h-14 w-14 items-center justify-center rounded-full">
                <svg
                  viewBox="0 0 24 24"
                  width="28"
                  height="28"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  {line.icon}
                </svg>
              </span>
              <h3 className="card-title">
                {/* The whole card is the link's target (its ::after covers the card). */}
                <Link
                  to={`${paths.products}?category=${line.category}`}
                  className="link link-hover after:absolute after:inset-0"
                >
                  {toolCategoryLabels[line.category]}
                </Link>
              </h3>
              <p>{line.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
