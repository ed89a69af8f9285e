// expect: drf — thread t writes the four bytes of its own shared word t, then adds to that word: a char view of an int array divides the index by 4 (the raw index 4t+j would be another thread's word).
__global__ void k(unsigned *out)
{
    __shared__ unsigned words[256];
    unsigned char *b = reinterpret_cast<unsigned char *>(words);
    for (int j = 0; j < 4; j++)
        b[4 * threadIdx.x + j] = 0;
    words[threadIdx.x] += 1;
}
