// expect: racy — b[4t+1] is a byte of word t, which thread t-1 writes as words[(t-1)+1].
__global__ void k(unsigned *words)
{
    unsigned char *b = (unsigned char *)words;
    b[4 * threadIdx.x + 1] = 0;
    words[threadIdx.x + 1] = 0;
}
