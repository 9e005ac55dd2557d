// Browser journeys wait on real builds, servers and video; give them room.
jest.setTimeout(120_000);
