//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item loads its own pixel rgba[4 * gid .. 4 * gid + 3] and writes its own gray[gid]
__kernel void k(__global const uchar *rgba, __global uchar *gray)
{
  size_t gid = get_global_id(0);
  uchar4 p = vload4(gid, rgba);
  uint4 q = convert_uint4(p);
  gray[gid] = (uchar)((q.x * 77 + q.y * 150 + q.z * 29) >> 8);
}
