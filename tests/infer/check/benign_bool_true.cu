// expect: drf — every thread sets the same flag to the bool literal `true` (a same-value write, as `= 1` on an int), another cell to `false`, a third to `(bool)2`, which a bool stores as 1.
__global__ void set_flags(bool *updated, bool *done, bool *seen)
{
    updated[blockIdx.x] = true;
    done[0] = false;
    if (threadIdx.x == 0)
        seen[0] = true;
    else
        seen[0] = (bool)2;
}
