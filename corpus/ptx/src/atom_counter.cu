__global__ void atom_counter(unsigned *c) {
    atomicAdd(&c[0], 1u);
}
