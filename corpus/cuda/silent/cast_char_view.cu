//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — byte 8t + 12 of the int array is in word 2t + 3, which thread t + 1 writes as words[2(t + 1) + 1] (a race); reusing the byte index as a word index finds no conflict, so the cast must rescale the index or make the access unknown.
// A char view of an int array (a cast to a smaller element size).
__global__ void bytes(int *out)
{
    __shared__ int words[2 * 64 + 4];
    words[2 * threadIdx.x + 1] = 7;
    unsigned char *b = (unsigned char *)words;
    b[8 * threadIdx.x + 12] = 0;
    __syncthreads();
    out[threadIdx.x] = words[2 * threadIdx.x + 1];
}
