__global__ void plain_counter(unsigned *c) {
    c[0] += 1;
}
