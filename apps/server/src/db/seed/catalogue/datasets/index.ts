import { airQuality } from './air-quality.js';
import { bikes } from './bikes.js';
import { busStops } from './bus-stops.js';
import { charging } from './charging.js';
import { communities } from './communities.js';
import { economy } from './economy.js';
import { elderlyCare } from './elderly-care.js';
import { enterprises } from './enterprises.js';
import { fireStations } from './fire-stations.js';
import { govServices } from './gov-services.js';
import { hospitals } from './hospitals.js';
import { jobBases } from './job-bases.js';
import { libraries } from './libraries.js';
import { markets } from './markets.js';
import { parking } from './parking.js';
import { parks } from './parks.js';
import { pharmacies } from './pharmacies.js';
import { population } from './population.js';
import { roads } from './roads.js';
import { scenic } from './scenic.js';
import { schools } from './schools.js';
import { shelters } from './shelters.js';
import { sports } from './sports.js';
import { toilets } from './toilets.js';
import type { Dataset } from './types.js';
import { weather } from './weather.js';

export const DATASETS = {
  airQuality,
  bikes,
  busStops,
  charging,
  communities,
  economy,
  elderlyCare,
  enterprises,
  fireStations,
  govServices,
  hospitals,
  jobBases,
  libraries,
  markets,
  parking,
  parks,
  pharmacies,
  population,
  roads,
  scenic,
  schools,
  shelters,
  sports,
  toilets,
  weather,
} satisfies Record<string, Dataset>;

export type DatasetKey = keyof typeof DATASETS;
