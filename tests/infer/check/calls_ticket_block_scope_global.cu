//pass
//--blockDim=64 --gridDim=4
// expect: drf — a device-scoped atomicAdd on a global counter gives slots distinct in the whole grid

__global__ void enqueue(int *counter, int *out)
{
    int slot = atomicAdd(counter, 1);
    out[slot] = threadIdx.x;
}
