//pass
//--blockDim=256 --gridDim=64
// expect: drf — the header moves i up and j down together (i++, j--); each block reverses its own 512-element segment, one pair of cells per thread per step, with a barrier between steps.
// Two counters walking toward each other: i from the front, j from the back.
#define SEG 512

__global__ void reverseSegments(int *data)
{
    __shared__ int s[SEG];
    int base = blockIdx.x * SEG;
    for (int k = threadIdx.x; k < SEG; k += blockDim.x)
        s[k] = data[base + k];
    __syncthreads();
    for (int i = threadIdx.x, j = SEG - 1 - threadIdx.x; i < SEG; i += blockDim.x, j -= blockDim.x)
        data[base + i] = s[j];
}
