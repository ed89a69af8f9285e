//pass
//--local_size=64 --num_groups=16
// expect: drf — the cl_khr_global_int32_base_atomics atom_add on one global counter by every work-item
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable

__kernel void atom_add_extension(__global const int *in, __global int *count)
{
    if (in[get_global_id(0)] != 0)
        atom_add(count, 1);
}
